import type { Plan } from '@formscribe/common/plans';

/** A plan card's list: its limits, read from the plan table, then the features it names. */
export function planFeatureLines(plan: Plan): string[] {
  const forms = plan.activeForms === 1 ? '1 active form' : `${plan.activeForms} active forms`;
  return [forms, `${plan.imagesPerForm} images per form`, `${plan.imageSizeMb}MB max image size`, ...plan.features];
}
