// Every contested reading (spec §8 AMB-n) and gap option (spec §7 G-n) plays whole random games,
// and so does the alternative Alarm Table (variants/alarm-track-alternative.yaml, G-2).
import { describe, test } from 'vitest';
import { expectResult, playRandom } from './games.ts';
import { program, VARIANT } from './helpers.ts';

describe('every reading plays whole random games', () => {
  test('each non-default option value (3 games each) and the variant (5 games)', () => {
    const defs = program().data.options as Record<string, { type: string; default: unknown; values?: string[] }>;
    const readings: Array<Record<string, unknown>> = [];
    for (const [id, o] of Object.entries(defs)) {
      if (o.type === 'boolean') readings.push({ [id]: !o.default });
      else if (o.type === 'choice') for (const v of o.values ?? []) if (v !== o.default) readings.push({ [id]: v });
    }
    readings.push({ turn_limit: 0 }, { turn_limit: 5 }, { hill_move_cost: 2 }, { hand_limit: 3 });
    for (const options of readings) {
      for (let i = 1; i <= 3; i++) expectResult(playRandom(`reading:${JSON.stringify(options)}:${i}`, options), JSON.stringify(options));
    }
    for (let i = 1; i <= 5; i++) expectResult(playRandom(`variant:${i}`, {}, 'none', VARIANT), `variant ${i}`);
  }, 120_000);
});
