/**
 * Spec §5: names and player tags carry no profanity.
 *
 * The English list is the maintained `@2toad/profanity` package (MIT), matched
 * as whole words. The package's other languages are machine translations of
 * that list and refuse ordinary words ("les", "não", "фото", "中国"), so they
 * are not used: `EXTRA_WORDS` holds a short hand-checked list for the portal's
 * other languages, and `NAME_WORDS` takes real names off the English list
 * (Wang, Cox, Butt, Dick…). docs/settings.md "Names" records the choice.
 * Server only: the lists never reach a page (the forms check length and
 * characters; the API decides).
 */
import { Profanity } from '@2toad/profanity';
import { nameWords } from '../../../src/shared/validation/profile-names';

/** Common insults of the portal's languages besides English (and transliterations players type). */
export const EXTRA_WORDS: readonly string[] = [
  // de
  'arschloch',
  'fotze',
  'wichser',
  'hurensohn',
  'scheisse',
  'scheiße',
  'schlampe',
  'missgeburt',
  // es
  'puta',
  'puto',
  'pendejo',
  'cabron',
  'cabrón',
  'coño',
  'gilipollas',
  'mierda',
  'joder',
  'maricon',
  'maricón',
  // pt
  'caralho',
  'porra',
  'buceta',
  'viado',
  'filhodaputa',
  'cuzao',
  'cuzão',
  'merda',
  'foda',
  // fr
  'putain',
  'connard',
  'salope',
  'encule',
  'enculé',
  'merde',
  'batard',
  'bâtard',
  'pute',
  'nique',
  // it
  'cazzo',
  'stronzo',
  'vaffanculo',
  'puttana',
  'coglione',
  'troia',
  'minchia',
  // pl
  'kurwa',
  'chuj',
  'pierdol',
  'pierdolić',
  'jebać',
  'jebac',
  'skurwysyn',
  'pizda',
  'cipa',
  // tr
  'siktir',
  'amcık',
  'amcik',
  'orospu',
  'piç',
  'yarrak',
  'sikik',
  'pezevenk',
  // nl
  'klootzak',
  'kut',
  'tering',
  'hoer',
  'godverdomme',
  'lul',
  'mongool',
  // ru (and transliterations)
  'сука',
  'блядь',
  'блять',
  'хуй',
  'пизда',
  'ебать',
  'мудак',
  'пидор',
  'blyat',
  'suka',
  'pizdec',
  'khuy',
  'mudak',
  // zh
  '他妈的',
  '操你妈',
  '傻逼',
  '王八蛋',
  '混蛋',
  '贱人',
  '鸡巴',
  '婊子',
  'tamade',
  'caonima',
  'shabi',
  // ja
  'くそ',
  'クソ',
  'ちんこ',
  'まんこ',
  'きちがい',
  'キチガイ',
  'chinko',
  'manko',
  'kichigai',
  // th
  'เหี้ย',
  'ควย',
  'เย็ด',
  'สัส',
  'หี',
  'แตด',
  'ไอ้สัตว์',
];

/** Names and ordinary words the English list holds that are real surnames or given names. */
export const NAME_WORDS: readonly string[] = [
  'wang',
  'cox',
  'butt',
  'dick',
  'kock',
  'hoar',
  'hore',
  'coon',
  'dink',
  'pawn',
  'lust',
];

let filter: Profanity | undefined;

function wordFilter(): Profanity {
  if (filter === undefined) {
    filter = new Profanity({ languages: ['en'], wholeWord: true, unicodeWordBoundaries: true });
    filter.addWords([...EXTRA_WORDS]);
    filter.removeWords([...NAME_WORDS]);
  }
  return filter;
}

/** Scripts written without spaces between words: their words are looked for inside the name. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const UNSPACED_WORDS = EXTRA_WORDS.filter((w) => UNSPACED.test(w));

/** True when a word of the name (or the name run together) is on the list. */
export function isOffensiveName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (UNSPACED.test(name) && UNSPACED_WORDS.some((w) => name.includes(w))) return true;
  return wordFilter().exists(words.join(' '));
}
