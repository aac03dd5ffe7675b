import { describe, expect, it } from 'vitest';
import { containingQueryOf, highlight, plainTextOf, searchQueryOf, searchTextOf } from './bigrams';

describe('containingQueryOf', () => {
  it('asks only for the pairs inside Han runs: every text containing the fragment holds them', () => {
    expect(containingQueryOf('政策解读')).toBe("'政策' & '策解' & '解读'");
    expect(containingQueryOf('AI芯片，科')).toBe("'芯片'");
  });
  it('has nothing to ask for a lone character or a Latin fragment (they may sit inside a longer run or word)', () => {
    expect(containingQueryOf('读')).toBeNull();
    expect(containingQueryOf('ore')).toBeNull();
    expect(containingQueryOf('')).toBeNull();
  });
});

describe('searchTextOf', () => {
  it('cuts Han runs into overlapping pairs and keeps Latin words whole, lower-cased', () => {
    expect(searchTextOf(['科技奖励 AI2026'])).toBe('科技 技奖 奖励 ai2026');
  });
  it('keeps a lone Han character and drops punctuation and duplicates', () => {
    expect(searchTextOf(['奖，科技。科技'])).toBe('奖 科技');
  });
  it('normalises full-width letters', () => {
    expect(searchTextOf(['ＡＢＣ'])).toBe('abc');
  });
});

describe('searchQueryOf', () => {
  it('ANDs the pairs of a Chinese query', () => {
    expect(searchQueryOf('奖励申报')).toBe("'奖励' & '励申' & '申报'");
  });
  it('makes a two-character word a single lexeme and a lone character a prefix', () => {
    expect(searchQueryOf('科技')).toBe("'科技'");
    expect(searchQueryOf('奖')).toBe("'奖':*");
  });
  it('has nothing to search in punctuation or operators', () => {
    expect(searchQueryOf(" '&|!:* ")).toBeNull();
    expect(searchQueryOf('')).toBeNull();
  });
});

describe('plainTextOf', () => {
  it('drops tags and decodes entities', () => {
    expect(plainTextOf('<p>科技<strong>奖励</strong>&amp;&#x4e2d;</p><script>x</script>')).toBe('科技 奖励 &中');
  });
});

describe('highlight', () => {
  it('marks every occurrence of the query words in an excerpt', () => {
    expect(highlight('关于科技奖励的通知：科技', '科技')).toEqual([
      { text: '关于', hit: false },
      { text: '科技', hit: true },
      { text: '奖励的通知：', hit: false },
      { text: '科技', hit: true },
    ]);
  });
  it('splits the query on punctuation, so regular-expression characters never reach the pattern', () => {
    expect(highlight('a+b (c)', '(c)')).toEqual([{ text: 'a+b (', hit: false }, { text: 'c', hit: true }, { text: ')', hit: false }]);
  });
});
