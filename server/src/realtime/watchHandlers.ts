/**
 * The server decides rooms. A client asks to watch a form or an image; the same policies as the
 * REST routes decide, and a refusal is acked as an error (the socket joins nothing).
 */
import { rooms, type WatchAck } from '@formscribe/common/realtime';
import { Form, FormImage, User } from '../models/index.ts';
import { canManageForm, hasFormAccess, isBlockedFromForm, type PolicyContext } from '../policies/forms.ts';
import type { AppSocket } from './types.ts';

const refused = (error: string): WatchAck => ({ ok: false, error });
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

type Standing = 'owner' | 'contributor' | undefined;

/** How the socket's user stands towards a form right now: manager, active contributor, or nothing. */
async function standing(policy: PolicyContext, userId: number, form: Form): Promise<Standing> {
  const user = await User.query().findById(userId);
  if (!user) return undefined;
  if (canManageForm(policy, user, form)) return 'owner';
  if (!form.isActive || !(await hasFormAccess(user, form)) || (await isBlockedFromForm(user, form))) return undefined;
  return 'contributor';
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
      const form = await Form.query().findById(formId);
      const role = form ? await standing(policy, socket.data.userId, form) : undefined;
      if (!form || !role) return ack(refused('Not allowed to watch this form'));
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
      const image = await FormImage.query().findById(imageId);
      const form = image ? await Form.query().findById(image.formId) : undefined;
      const role = form ? await standing(policy, socket.data.userId, form) : undefined;
      if (!image || !form || !role) return ack(refused('Not allowed to watch this image'));
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
