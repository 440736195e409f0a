/**
 * The server decides rooms. A client asks to watch a form or an image; exactly the policy of the
 * REST read of that form (GET /api/forms/:id) or image (GET /api/images/:id) decides, so a socket
 * never sees what the same user could not fetch, and is never refused what they could. Blocked
 * contributors and contributors of an inactive form still read the form over REST (the entry page
 * tells them why they cannot enter data), so they may watch it too; blocking or deactivating
 * takes their sockets out of the rooms at once (realtimeServer), and a fresh watch is a fresh check.
 * A refusal is acked as an error and the socket joins nothing.
 */
import { rooms, type WatchAck } from '@formscribe/common/realtime';
import { User } from '../models/index.ts';
import { formRole, loadUserAndViewableFormOfImage, loadViewableForm, type PolicyContext } from '../policies/index.ts';
import type { AppSocket } from './types.ts';

const refused = (error: string): WatchAck => ({ ok: false, error });
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The socket's user, read afresh: a watch decides on the account as it is now. */
async function socketUser(socket: AppSocket): Promise<User | undefined> {
  return User.query().findById(socket.data.userId);
}

export function registerWatchHandlers(
  socket: AppSocket,
  policy: PolicyContext,
  onImageWatchersChanged: (imageId: number) => void,
) {
  const safeAck = (ack: unknown): ((result: WatchAck) => void) =>
    typeof ack === 'function' ? (ack as (r: WatchAck) => void) : () => {};

  socket.on('watch:form', async (formId, rawAck) => {
    const ack = safeAck(rawAck);
    try {
      if (!isId(formId)) return ack(refused('Invalid form id'));
      const user = await socketUser(socket);
      const form = user ? await loadViewableForm(policy, user, formId).catch(() => undefined) : undefined;
      if (!user || !form) return ack(refused('Not allowed to watch this form'));
      const role = formRole(policy, user, form);
      await socket.join(role === 'owner' ? rooms.formOwners(formId) : rooms.formContributors(formId));
      ack({ ok: true, role });
    } catch {
      ack(refused('Could not watch this form'));
    }
  });

  socket.on('unwatch:form', async (formId) => {
    if (!isId(formId)) return;
    await socket.leave(rooms.formOwners(formId));
    await socket.leave(rooms.formContributors(formId));
  });

  socket.on('watch:image', async (imageId, rawAck) => {
    const ack = safeAck(rawAck);
    try {
      if (!isId(imageId)) return ack(refused('Invalid image id'));
      // The account as it is now, and the same rule as GET /api/images/:id (the image's form,
      // viewable), in one statement: a contributor's socket watches every image they are given.
      const { user, form } = await loadUserAndViewableFormOfImage(policy, socket.data.userId, imageId);
      if (!user || !form) return ack(refused('Not allowed to watch this image'));
      const role = formRole(policy, user, form);
      socket.data.watchedImages = { ...socket.data.watchedImages, [imageId]: form.id };
      await socket.join(rooms.image(imageId));
      ack({ ok: true, role });
      onImageWatchersChanged(imageId);
    } catch {
      ack(refused('Could not watch this image'));
    }
  });

  socket.on('unwatch:image', async (imageId) => {
    if (!isId(imageId) || !(imageId in socket.data.watchedImages)) return;
    const { [imageId]: _left, ...rest } = socket.data.watchedImages;
    socket.data.watchedImages = rest;
    await socket.leave(rooms.image(imageId));
    onImageWatchersChanged(imageId);
  });

  socket.on('disconnecting', () => {
    for (const imageId of Object.keys(socket.data.watchedImages ?? {})) {
      // Left after this tick, when the socket is out of its rooms.
      setImmediate(() => onImageWatchersChanged(Number(imageId)));
    }
  });
}
