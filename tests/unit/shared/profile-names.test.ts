import { describe, expect, it } from 'vitest';
import {
  fullNameIssue,
  nameWords,
  normalizeFullName,
  tagNameIssue,
} from '../../../src/shared/validation/profile-names';

describe('full name rule', () => {
  it.each([
    'Jane Doe',
    'Jean-Luc Picard',
    'O’Neil',
    "D'Arcy",
    'J. R. R. Tolkien',
    '山田 太郎',
    'ヤマダ・タロウ',
    'Łukasz',
    'สมชาย',
  ])('accepts %s', (name) => expect(fullNameIssue(name)).toBeUndefined());
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['A', 'length'],
    ['A'.repeat(65), 'length'],
    ['John3', 'characters'],
    ['John_Doe', 'characters'],
    ['<b>', 'characters'],
    ['-John', 'characters'],
    ['John--Doe', 'punctuation'],
    ['John. -Doe', 'punctuation'],
    ["John''", 'punctuation'],
  ])('%j → %s', (name, issue) => expect(fullNameIssue(name)).toBe(issue));
  it('normalises spaces and NFC', () => {
    expect(normalizeFullName('  Zoe\u0308   Doe ')).toBe('Zoë Doe');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(fullNameIssue('𠀋𠀋')).toBeUndefined();
  });
});

describe('player tag rule', () => {
  it.each(['Nova', 'abc', 'A1B2C3D4E5F6G7H8'])('accepts %s', (name) => expect(tagNameIssue(name)).toBeUndefined());
  it.each([
    ['', 'required'],
    ['ab', 'length'],
    ['a'.repeat(17), 'length'],
    ['No va', 'characters'],
    ['Zoë', 'characters'],
    ['x_y', 'characters'],
  ])('%j → %s', (name, issue) => expect(tagNameIssue(name)).toBe(issue));
});

describe('name words', () => {
  it('splits at case and digit boundaries and adds the run-together form', () => {
    expect(nameWords('BadWord99')).toEqual(['bad', 'word', '99', 'badword99']);
    expect(nameWords('f u c k')).toEqual(['f', 'u', 'c', 'k', 'fuck']);
    expect(nameWords('nova')).toEqual(['nova']);
  });
});
