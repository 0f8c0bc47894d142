import { describe, expect, it } from 'vitest';
import { isOffensiveName } from '../../../server/core/security/offensive-words';

describe('offensive names', () => {
  it.each(['Fuck Face', 'FuckYou99', 'f u c k', 'Kurwa Nowak', 'Siktir', 'Anna Сука', '山田くそ', 'เหี้ยมาก', 'Stronzo'])(
    'refuses %s',
    (name) => expect(isOffensiveName(name)).toBe(true),
  );
  it.each([
    'Jane Doe',
    'Wang Lei',
    'Courteney Cox',
    'Les Mais',
    'Classic',
    'Assassin',
    'Scunthorpe',
    '中国 人',
    'Фото',
    'Nova',
  ])('accepts %s', (name) => expect(isOffensiveName(name)).toBe(false));
});
