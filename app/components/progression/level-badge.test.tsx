// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelBadge } from './level-badge';

describe('LevelBadge', () => {
  it('shows "Lv 3" and is read as "Level 3" alone, never both', () => {
    render(
      <p>
        by @CableCzar <LevelBadge level={3} />
      </p>,
    );
    const badge = screen.getByRole('img', { name: 'Level 3' });
    expect(badge.textContent).toBe('Lv\u00a03');
    expect(screen.queryByText(/Level/)).toBeNull();
  });
});
