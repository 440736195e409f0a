/** Who may act on billing objects: a test payment is confirmed only by the user it was made for. */
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import { notFound } from '../errors.ts';
import type { User } from '../models/index.ts';
import { TestPayment } from '../models/TestPayment.ts';

/** The caller's own test payment for `clientSecret`, locked; anyone else's is a 404, as if it did not exist. */
export async function loadOwnTestPayment(
  trx: Knex.Transaction,
  user: User,
  clientSecret: string,
): Promise<TestPayment> {
  const payment = await TestPayment.query(trx).where({ clientSecret }).forUpdate().first();
  if (!payment || payment.userId !== user.id) throw notFound(MESSAGES.testPaymentNotFound);
  return payment;
}
