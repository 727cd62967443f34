/**
 * Keeps browser tabs in step: signing out in one tab signs out all of them. Uses a
 * BroadcastChannel (same origin only); a tab that hears about it leaves for /login.
 */
const CHANNEL = "unionhall-auth";

export function announceSignOut(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: "signed-out" });
  channel.close();
}

export function onSignOutElsewhere(handler: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === "signed-out") handler();
  };
  return () => channel.close();
}
