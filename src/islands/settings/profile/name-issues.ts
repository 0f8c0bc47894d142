/** The message key of a broken name rule (src/shared/validation/profile-names.ts), in the screen's namespace. */
import type { NameIssue } from '../../../shared/validation/profile-names';

type NameNamespace = 'settings.personalInfo' | 'settings.changeName';
export type NameIssueKey = `${NameNamespace}.name${Capitalize<NameIssue>}`;

const SUFFIX: Record<NameIssue, `name${Capitalize<NameIssue>}`> = {
  required: 'nameRequired',
  length: 'nameLength',
  characters: 'nameCharacters',
  punctuation: 'namePunctuation',
};

export function nameIssueKey(ns: NameNamespace, issue: NameIssue | undefined): NameIssueKey | undefined {
  return issue === undefined ? undefined : `${ns}.${SUFFIX[issue]}`;
}
