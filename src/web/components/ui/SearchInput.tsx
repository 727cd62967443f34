import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";
import { Input } from "./Input.tsx";

/** The list pages' search box: a search field with its magnifier icon. */
export function SearchInput({ className, ...props }: ComponentProps<"input">) {
  return (
    <div className={cn("relative flex-1", className)}>
      <Search
        aria-hidden
        className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
