import { toast as sonnerToast } from "sonner";
import { requestToaster } from "./lazy-toast.ts";

/**
 * sonner's `toast`, which also mounts the toaster the first time it is called (lazy-toast.ts):
 * the portal imports this one, so that a page opened without raising a toast loads neither.
 */
export const toast: typeof sonnerToast = new Proxy(sonnerToast, {
  apply(target, self, args) {
    requestToaster();
    return Reflect.apply(target, self, args);
  },
  get(target, key) {
    const value: unknown = Reflect.get(target, key);
    if (typeof value !== "function") return value;
    return (...args: unknown[]) => {
      requestToaster();
      return Reflect.apply(value, target, args);
    };
  },
});
