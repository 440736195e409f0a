// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CodebookMenu } from './CodebookMenu.tsx';

describe('Download codebook', () => {
  it('offers the codebook as CSV and as JSON, each a download of the form’s codebook route', async () => {
    const user = userEvent.setup();
    render(<CodebookMenu formId={3} />);
    await user.click(screen.getByRole('button', { name: /Download codebook/ }));
    const links = await screen.findAllByRole('menuitem');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.hasAttribute('download')])).toEqual([
      ['Codebook as CSV', '/api/forms/3/codebook?format=csv', true],
      ['Codebook as JSON', '/api/forms/3/codebook?format=json', true],
    ]);
  });
});
