// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { IiifManifestLink } from './IiifManifestLink.tsx';

const MANIFEST = 'http://localhost:3000/api/forms/7/iiif/manifest.json';

describe('IiifManifestLink', () => {
  it('links to the form’s IIIF manifest, opening in a new tab', () => {
    renderWithQueries(<IiifManifestLink form={{ id: 7 }} />);
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: 'IIIF manifest' });
    expect(link.href).toBe(MANIFEST);
    expect(link.target).toBe('_blank');
  });

  it('copies the manifest’s absolute address, for pasting into a viewer', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IiifManifestLink form={{ id: 7 }} />);
    await user.click(screen.getByRole('button', { name: 'Copy IIIF manifest link' }));
    expect(await screen.findByText('IIIF manifest link copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(MANIFEST);
  });
});
