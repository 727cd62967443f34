import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export const Card = ({ className, ...props }: ComponentProps<"div">) => (
  <div className={cn("rounded-xl border border-border bg-card shadow-sm", className)} {...props} />
);
export const CardHeader = ({ className, ...props }: ComponentProps<"div">) => (
  <div className={cn("space-y-1.5 p-6 pb-2", className)} {...props} />
);
export const CardTitle = ({ className, ...props }: ComponentProps<"h2">) => (
  <h2 className={cn("text-xl font-semibold tracking-tight", className)} {...props} />
);
export const CardDescription = ({ className, ...props }: ComponentProps<"p">) => (
  <p className={cn("text-sm text-muted-foreground", className)} {...props} />
);
export const CardContent = ({ className, ...props }: ComponentProps<"div">) => (
  <div className={cn("p-6 pt-2", className)} {...props} />
);
export const CardFooter = ({ className, ...props }: ComponentProps<"div">) => (
  <div className={cn("flex items-center p-6 pt-0", className)} {...props} />
);
