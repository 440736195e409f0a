import { describe, expect, it } from 'vitest';
import { Form, FormImage } from '../../models/index.ts';
import { verifiedValues } from './webhookEvents.ts';

const field = (id: string, label: string, order: number, type = 'text') => ({
  id,
  type,
  label,
  order,
  required: false,
});

describe('verifiedValues', () => {
  it('lists verified fields in form order, by id and by label, keeping every label distinct', () => {
    const form = Form.fromJson({
      fields: [
        field('b', 'Name', 1),
        field('a', 'Name', 0),
        field('gap', '', 2, 'spacer'),
        field('c', '', 3),
        field('d', '__proto__', 4),
        field('e', 'Unverified', 5),
      ],
    });
    const verified = (verifiedValue: string) => ({ isVerified: true, verifiedValue });
    const image = FormImage.fromJson({
      fieldStatus: {
        a: verified('Anna'),
        b: verified('Berta'),
        c: verified(''),
        d: verified('x'),
        e: { isVerified: false, verifiedValue: null },
      },
    });
    const result = verifiedValues(form, image);
    expect(result.fields.map((f) => f.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.values).toEqual({ a: 'Anna', b: 'Berta', c: '', d: 'x' });
    expect(Object.keys(result.valuesByLabel)).toEqual(['Name', 'Name [b]', '[c]', '__proto__']);
    expect(JSON.parse(JSON.stringify(result.valuesByLabel))).toEqual(
      JSON.parse('{"Name":"Anna","Name [b]":"Berta","[c]":"","__proto__":"x"}'),
    );
  });
});
