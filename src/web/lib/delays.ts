/** The spec's timed waits: redirects (portal spec, section 9), toasts, the session's retry. */
export const Delays = {
  afterLogin: 800,
  afterSubmit: 1500,
  afterVerification: 3000,
  afterReset: 3000,
  afterManualReset: 5000,
  /** How long a toast stays (spec: 5 s each). */
  toast: 5000,
  /** A refused (429) session check asks again after this long. */
  sessionRetry: 5000,
} as const;
