import { describe, expect, it } from 'vitest';
import { escapeLike, likePattern } from './sql';

describe('LIKE patterns', () => {
  it('escape the wildcards and the escape character so user text matches only itself', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(likePattern('财务_部')).toBe('%财务\\_部%');
  });
});
