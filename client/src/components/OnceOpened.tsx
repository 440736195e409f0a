/**
 * Mounts a lazily loaded dialog the first time it opens and keeps it mounted afterwards, so it
 * closes as before (animation, focus given back) and opens again without a load. Dialogs are
 * closed when a page first paints; their code (Radix Dialog among it) need not come with it.
 */
import { type ReactNode, Suspense, useState } from 'react';

export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
