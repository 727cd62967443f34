/** The spec's redirect delays (portal spec, section 9). */
export const Delays = {
  afterLogin: 800,
  afterSubmit: 1500,
  afterVerification: 3000,
  afterReset: 3000,
  afterManualReset: 5000,
} as const;
