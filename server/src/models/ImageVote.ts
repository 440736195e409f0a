import { BaseModel } from './BaseModel.ts';

abstract class ImageVote extends BaseModel {
  declare imageId: number;
  declare userId: number;
  declare votedAt: Date;
}

export class ImageNoDataVote extends ImageVote {
  static override tableName = 'image_no_data_votes';
}

export class ImageUnreadableVote extends ImageVote {
  static override tableName = 'image_unreadable_votes';
}
