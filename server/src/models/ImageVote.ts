import { BaseModel } from './BaseModel.ts';

abstract class ImageVote extends BaseModel {
  declare imageId: number;
  /** Null once the voter's account is deleted: the vote still counts for the image. */
  declare userId: number | null;
  declare votedAt: Date;
}

export class ImageNoDataVote extends ImageVote {
  static override tableName = 'image_no_data_votes';
}

export class ImageUnreadableVote extends ImageVote {
  static override tableName = 'image_unreadable_votes';
}
