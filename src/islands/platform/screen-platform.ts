/** The {platform} of a platform screen's concrete path, at build time (each platform has its own page). */
import { matchParams } from '../../client/navigation/href';
import { CONSOLE_PLATFORMS } from '../../regions/schema';
import type { ConsolePlatform } from '../../shared/contract/platform';

export function consolePlatformOf(pattern: string, relPath: string): ConsolePlatform {
  const value = matchParams(pattern, relPath)?.['platform'];
  const found = CONSOLE_PLATFORMS.find((p) => p === value);
  if (found === undefined) throw new Error(`No console platform in ${relPath}`);
  return found;
}
