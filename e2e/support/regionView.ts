/** Where the entry viewer's highlighted field box sits against the viewer, for the region journeys. */
import type { Locator } from '@playwright/test';

/**
 * 'inside' when the highlighted box lies wholly within the viewer (1 px of rounding allowed), and
 * 'inside, filling N% of the width' reports how much of the width it takes; otherwise the two
 * boxes as JSON, so a failing poll says where they were.
 */
export async function highlightPlacement(viewer: Locator, highlight: Locator): Promise<string> {
  const [view, box] = [await viewer.boundingBox(), await highlight.boundingBox()];
  if (!view || !box) return 'not laid out';
  const inside =
    box.x >= view.x - 1 &&
    box.y >= view.y - 1 &&
    box.x + box.width <= view.x + view.width + 1 &&
    box.y + box.height <= view.y + view.height + 1;
  return inside ? `inside, filling ${Math.round((100 * box.width) / view.width)}%` : JSON.stringify({ view, box });
}
