import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

/** A native select styled like the inputs: keyboard, screen readers and phones work as expected. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 w-full rounded-md border border-border bg-card px-3 text-sm aria-invalid:border-destructive disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
