import type { EntryImageSummary } from '@formscribe/common/schemas/submission';

export interface ImageNeighbours {
  /** 1-based place of the current image in the list, or null when it is not listed. */
  position: number | null;
  previousId: number | null;
  nextId: number | null;
}

/** Previous and Next on the entry page walk the form's images in upload order. */
export function imageNeighbours(images: readonly Pick<EntryImageSummary, 'id'>[], currentId: number): ImageNeighbours {
  const index = images.findIndex((image) => image.id === currentId);
  if (index < 0) return { position: null, previousId: null, nextId: null };
  return {
    position: index + 1,
    previousId: images[index - 1]?.id ?? null,
    nextId: images[index + 1]?.id ?? null,
  };
}
