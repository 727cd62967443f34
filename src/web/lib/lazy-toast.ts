type Toast = typeof import("sonner").toast;

/**
 * sonner's `toast`, loaded on first use. For code in the landing page's first load (the plan
 * and package choice, checkout), so that the toast library stays out of it.
 */
export function lazyToast(show: (toast: Toast) => void): void {
  void import("sonner").then(({ toast }) => show(toast));
}
