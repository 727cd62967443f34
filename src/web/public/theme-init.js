// Applies the stored theme before the first paint (no flash of the wrong theme).
// A file rather than an inline script, so the Content-Security-Policy can forbid inline code.
(() => {
  let t = "system";
  try {
    t = localStorage.getItem("theme") || "system";
  } catch {}
  const dark =
    t === "dark" || (t === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
})();
