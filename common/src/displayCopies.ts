/**
 * The widths the server makes display-size copies of an image at (GET /api/display-proxy/{name}?w=),
 * one list for both sides. A phone's viewer is 350–430 CSS px wide at 2–3 device pixels each, so
 * 800 px serves most phones at a third of the bytes of the 1600 px copy that a desktop viewer needs;
 * a handful of fixed widths keeps what is made and stored per image bounded.
 */
import { z } from 'zod';

export const DISPLAY_WIDTHS = [800, 1600] as const;
export type DisplayWidth = (typeof DISPLAY_WIDTHS)[number];
export const LARGEST_DISPLAY_WIDTH: DisplayWidth = 1600;

/** `?w=` on the display proxy: one of DISPLAY_WIDTHS; the largest when absent. */
export const displayCopyQuerySchema = z.object({
  w: z
    .enum(DISPLAY_WIDTHS.map(String) as ['800', '1600'])
    .optional()
    .transform(
      (width): DisplayWidth => (width === undefined ? LARGEST_DISPLAY_WIDTH : (Number(width) as DisplayWidth)),
    ),
});

/** The smallest width that covers `devicePixels` without stretching, else the largest. */
export function displayWidthFor(devicePixels: number): DisplayWidth {
  return DISPLAY_WIDTHS.find((width) => width >= devicePixels) ?? LARGEST_DISPLAY_WIDTH;
}
