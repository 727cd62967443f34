import { z } from "zod";
import { ZLanguageUpdate } from "../../../shared/schemas/language.ts";
import {
  AVATAR_MAX_BYTES,
  ProfileMessages,
  ZProfileUpdate,
} from "../../../shared/schemas/profile.ts";
import type { AppInstance } from "../../app.ts";
import { notFound } from "../../lib/errors.ts";
import { readSingleUpload } from "../../lib/files/read-upload.ts";
import { ZIdParams } from "../../lib/routes.ts";
import { findTenant, requireUser } from "../../plugins/access.ts";
import { avatarKey, makeAvatar } from "./avatar.ts";
import {
  findUserImage,
  isMemberOf,
  setMembershipDetails,
  setUserImage,
  setUserLanguage,
  setUserName,
} from "./repo.ts";

const avatarUrl = (userId: string, key: string) =>
  `/api/users/${encodeURIComponent(userId)}/avatar?v=${key.split("/").at(-1)?.split(".")[0] ?? ""}`;

export function profileRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;

  /** Name on the account; badge number, department and facility on the membership. */
  app.patch(
    "/api/profile",
    { config: { access: "signedIn" }, schema: { body: ZProfileUpdate } },
    async (request, reply) => {
      const user = requireUser(request);
      const { name, ...details } = request.body;
      await setUserName(db, user.id, name);
      const tenant = await findTenant(db, user.id);
      if (tenant) await setMembershipDetails(db, tenant.organizationId, user.id, details);
      return reply.status(204).send();
    },
  );

  /** The language of the portal and of the user's mails (issue 22). */
  app.put(
    "/api/profile/language",
    { config: { access: "signedIn" }, schema: { body: ZLanguageUpdate } },
    async (request, reply) => {
      const user = requireUser(request);
      await setUserLanguage(db, user.id, request.body.language);
      return reply.status(204).send();
    },
  );

  app.post("/api/profile/avatar", { config: { access: "signedIn" } }, async (request) => {
    const user = requireUser(request);
    const { data } = await readSingleUpload(request, {
      maxBytes: AVATAR_MAX_BYTES,
      messages: {
        notMultipart: "Send the image as multipart/form-data in a field named file.",
        missing: "Please choose an image.",
        tooLarge: ProfileMessages.avatarSize,
      },
    });
    const image = await makeAvatar(data);
    const key = avatarKey(user.id);
    await storage.put(key, image, "image/webp");
    const previous = await findUserImage(db, user.id);
    const url = avatarUrl(user.id, key);
    await setUserImage(db, user.id, url);
    const previousKey = previous ? keyFromUrl(user.id, previous) : null;
    if (previousKey) await storage.delete(previousKey);
    return { image: url };
  });

  /** Your own avatar, or that of someone in your organization; anything else is 404. */
  app.get(
    "/api/users/:id/avatar",
    {
      config: { access: "signedIn" },
      schema: {
        params: ZIdParams,
        querystring: z.object({ v: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const targetId = request.params.id;
      if (targetId !== viewer.id) {
        const tenant = await findTenant(db, viewer.id);
        const shared = tenant && (await isMemberOf(db, tenant.organizationId, targetId));
        if (!shared) throw notFound();
      }
      const image = await findUserImage(db, targetId);
      const key = image ? keyFromUrl(targetId, image) : null;
      const file = key ? await storage.get(key) : null;
      if (!file) throw notFound();
      return reply
        .type("image/webp")
        .header("content-length", file.size)
        .header("cache-control", "private, max-age=86400")
        .header("content-disposition", 'inline; filename="avatar.webp"')
        .send(file.stream);
    },
  );
}

/** The storage key behind an avatar URL this server made (`?v=<random>`). */
function keyFromUrl(userId: string, url: string): string | null {
  const v = new URL(url, "http://x").searchParams.get("v");
  return v && /^[0-9a-f]{16}$/.test(v)
    ? `avatars/${userId.replace(/[^A-Za-z0-9_-]/g, "")}/${v}.webp`
    : null;
}
