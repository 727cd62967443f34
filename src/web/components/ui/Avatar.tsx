/** Initials in a circle, or the uploaded avatar. */
export function Avatar({
  name,
  image,
  size = 36,
}: {
  name: string;
  image: string | null;
  size?: number;
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");
  return image ? (
    <img
      src={image}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary dark:text-blue-200"
      style={{ width: size, height: size }}
    >
      {initials || "?"}
    </span>
  );
}
