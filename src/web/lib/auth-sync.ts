/**
 * Keeps browser tabs in step: signing out in one tab signs out all of them. Uses a
 * BroadcastChannel (same origin only); a tab that hears about it leaves for /login.
 */
const CHANNEL = "unionhall-auth";
/**
 * This tab's mark: a message reaches every other channel object of the origin, this tab's own
 * listener included, which would load /login a second time over the sign-out's navigation.
 */
const TAB = Math.random().toString(36).slice(2);

export function announceSignOut(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: "signed-out", from: TAB });
  channel.close();
}

export function onSignOutElsewhere(handler: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ type?: string; from?: string }>) => {
    if (event.data?.type === "signed-out" && event.data.from !== TAB) handler();
  };
  return () => channel.close();
}
