import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small Stripe API on 127.0.0.1 for the real `stripe` SDK (pointed here through its host,
 * port and protocol options). It answers the calls billing makes (prices, checkout sessions,
 * customers, billing portal, subscription cancel) in Stripe's JSON shapes, keeps the prices
 * it created, and records every request for the tests to read.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Form fields flattened as Stripe encodes them: `line_items[0][price]`. */
  params: Record<string, string>;
  authorization: string | undefined;
}

export interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  recurring: { interval: string; interval_count: number } | null;
  type: "one_time" | "recurring";
  product: string;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  prices: Map<string, FakePrice>;
  sessions: Map<string, Record<string, unknown>>;
  canceledSubscriptions: string[];
  /** The amounts (cents) a checkout session charges, from its line items' prices. */
  sessionCharges(sessionId: string): { unitAmount: number; recurring: string | null }[];
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function readParams(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  return Object.fromEntries([...query, ...body]);
}

/** `prefix[0][field]` fields into an array of objects. */
function indexed(params: Record<string, string>, prefix: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const [key, value] of Object.entries(params)) {
    const m = key.match(
      new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(\\d+)\\](?:\\[(\\w+)\\])?$`),
    );
    if (!m) continue;
    const i = Number(m[1]);
    out[i] ??= {};
    (out[i] as Record<string, string>)[m[2] ?? "value"] = value;
  }
  return out;
}

function subObject(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const m = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(\\w+)\\]$`));
    if (m?.[1]) out[m[1]] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const prices = new Map<string, FakePrice>();
  const sessions = new Map<string, Record<string, unknown>>();
  const canceledSubscriptions: string[] = [];

  const server: Server = createServer(async (req, res) => {
    const params = await readParams(req);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const method = req.method ?? "GET";
    requests.push({ method, path, params, authorization: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith("Bearer sk_test_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
    }

    if (method === "GET" && path === "/v1/prices") {
      const keys = indexed(params, "lookup_keys").map((k) => k.value);
      const data = [...prices.values()].filter(
        (p) => p.active && (keys.length === 0 || keys.includes(p.lookup_key ?? "")),
      );
      return send(200, { object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (method === "POST" && path === "/v1/prices") {
      const recurring = subObject(params, "recurring");
      const price: FakePrice = {
        id: id("price"),
        object: "price",
        active: true,
        currency: params.currency ?? "usd",
        unit_amount: Number(params.unit_amount),
        lookup_key: params.lookup_key ?? null,
        recurring: recurring.interval
          ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
          : null,
        type: recurring.interval ? "recurring" : "one_time",
        product: params.product ?? id("prod"),
      };
      prices.set(price.id, price);
      return send(200, price);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const lineItems = indexed(params, "line_items");
      for (const item of lineItems) {
        if (!item.price || !prices.has(item.price)) {
          return send(400, {
            error: { type: "invalid_request_error", message: `No such price: '${item.price}'` },
          });
        }
      }
      // As Stripe: only 'always' or 'if_required', and only for subscriptions.
      const collection = params.payment_method_collection;
      if (
        collection !== undefined &&
        (!["always", "if_required"].includes(collection) || params.mode !== "subscription")
      ) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            param: "payment_method_collection",
            message: `Invalid payment_method_collection: '${collection}'`,
          },
        });
      }
      const sessionId = id("cs_test");
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: params.mode,
        status: "open",
        payment_method_collection: collection ?? "always",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        metadata: subObject(params, "metadata"),
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        line_items: lineItems,
        subscription_data: {
          metadata: subObject(params, "subscription_data[metadata]"),
          trial_period_days: params["subscription_data[trial_period_days]"]
            ? Number(params["subscription_data[trial_period_days]"])
            : null,
        },
      };
      sessions.set(sessionId, session);
      return send(200, session);
    }
    if (method === "POST" && path === "/v1/customers") {
      return send(200, { id: id("cus"), object: "customer", email: params.email ?? null });
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      return send(200, {
        id: id("bps"),
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${params.customer}`,
      });
    }
    const update = path.match(/^\/v1\/subscriptions\/(\w+)$/);
    if (method === "POST" && update?.[1]) {
      return send(200, {
        id: update[1],
        object: "subscription",
        status: "active",
        cancel_at: params.cancel_at ? Number(params.cancel_at) : null,
      });
    }
    const cancel = path.match(/^\/v1\/subscriptions\/(\w+)$/);
    if (method === "DELETE" && cancel?.[1]) {
      canceledSubscriptions.push(cancel[1]);
      return send(200, { id: cancel[1], object: "subscription", status: "canceled" });
    }
    send(404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${path})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    prices,
    sessions,
    canceledSubscriptions,
    sessionCharges(sessionId) {
      const session = sessions.get(sessionId);
      const items = (session?.line_items ?? []) as Record<string, string>[];
      return items.map((item) => {
        const price = prices.get(item.price ?? "");
        if (!price) throw new Error(`unknown price ${item.price}`);
        return { unitAmount: price.unit_amount, recurring: price.recurring?.interval ?? null };
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
