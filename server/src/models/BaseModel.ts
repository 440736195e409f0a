import { Model } from 'objection';

/** Column names are snake_case in PostgreSQL and camelCase here (knexSnakeCaseMappers on the knex instance). */
export class BaseModel extends Model {
  declare id: number;
}
