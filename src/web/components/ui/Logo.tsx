import { Link } from "react-router";

export function Logo({ to = "/home" }: { to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" className="size-8" />
      <span className="text-lg">UnionHall</span>
    </Link>
  );
}
