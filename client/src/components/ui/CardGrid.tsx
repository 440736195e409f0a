import { css } from '@emotion/react';
import type { HTMLAttributes } from 'react';

const gridStyles = (minCardWidth: string, gap: string) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${minCardWidth}), 1fr));
  gap: ${gap};
  margin: 0;
  padding: 0;
  list-style: none;
`;

interface CardGridProps extends HTMLAttributes<HTMLUListElement> {
  /** Cards never get narrower than this (or the screen): as many columns as fit. */
  minCardWidth: string;
  gap?: string;
}

/** A list of cards laid out in columns; its children are the <li> items. */
export function CardGrid({ minCardWidth, gap = '1rem', ...listProps }: CardGridProps) {
  return <ul css={gridStyles(minCardWidth, gap)} {...listProps} />;
}
