import { describe, expect, it } from 'vitest';
import { plural } from '@/lib/format';
import { sentText } from './notification-text';

describe('plurals', () => {
  it('says "1 tractor" and "Successfully sent 1 John Deere notification!"', () => {
    expect(plural(1, 'tractor')).toBe('1 tractor');
    expect(plural(0, 'tractor')).toBe('0 tractors');
    expect(plural(1250, 'tractor')).toBe('1,250 tractors');
    expect(sentText(1, 'John Deere')).toBe('Successfully sent 1 John Deere notification!');
    expect(sentText(3, 'John Deere')).toBe('Successfully sent 3 John Deere notifications!');
  });
});
