import { describe, expect, it } from 'vitest';
import { maskBankAccount, maskIdNumber, maskPhone } from './masking';

describe('masking', () => {
  it('keeps the first three and last four digits of a phone', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('12345')).toBe('****');
    expect(maskPhone(null)).toBeNull();
  });
  it('keeps six and four characters of a resident ID, two and two of a passport', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskIdNumber('E12345678')).toBe('E1*****78');
    expect(maskIdNumber('')).toBeNull();
  });
  it('keeps the first and last four digits of a bank account, whatever its length', () => {
    expect(maskBankAccount('6222021234567891234')).toBe('6222 **** **** 1234');
    expect(maskBankAccount('6222 0212 3456 7890')).toBe('6222 **** **** 7890');
    expect(maskBankAccount('12345')).toBe('**** **** ****');
    expect(maskBankAccount(null)).toBeNull();
  });
});
