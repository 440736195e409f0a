import { useState } from 'react';
import { useRotateImage } from '../../api/images.ts';
import { showToast } from '../../stores/toastStore.ts';
import { rotationFailedToast } from './entryFeedback.ts';
import { type RotationDirection, rotate } from './imageViewerControls.ts';

/**
 * An image's rotation: it turns on screen at once and is saved for everyone who opens the
 * image. If saving fails the turn stays on screen (it still helps reading) and a toast says so.
 */
export function useImageRotation(imageId: number, savedRotation: number) {
  const [rotation, setRotation] = useState(savedRotation);
  const rotateImage = useRotateImage();
  return {
    rotation,
    rotate: (direction: RotationDirection) => {
      const next = rotate(rotation, direction);
      setRotation(next);
      rotateImage.mutate({ imageId, rotation: next }, { onError: () => showToast(rotationFailedToast()) });
    },
  };
}
