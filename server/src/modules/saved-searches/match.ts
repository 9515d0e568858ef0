import { type SQL, sql } from 'drizzle-orm';
import { CONDITION_GRADE_FLOOR } from '../../../../domain/condition-grades.js';
import { SHORT_SEARCH_MAX } from '../../../../domain/listing-search.js';

/** The text with LIKE's \ % _ escaped (backslash is the escape), as search.ts's patterns do. */
const esc = (text: SQL) => sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * "Saved search `s` matches listing `l`" in SQL (docs/product/dealer-tools.md#saved-searches), over the filters
 * stored as jsonb: the same conditions as the inventory search (`modules/listings/search.ts` filterConditions),
 * read from the row instead of bound as values, so one statement matches one listing against every saved search
 * (or every new listing against every daily search) inside the database. saved-searches.test.ts checks that both
 * agree on the same listings for every filter (one or two letters: the start of the make or model, as there).
 */
export function savedSearchMatches(s: SQL = sql.raw('s'), l: SQL = sql.raw('l')): SQL {
  const f = (key: string) => sql`(${s}.filters->>${sql.raw(`'${key}'`)})`;
  return sql`(
    (${f('q')} is null
     or (char_length(${f('q')}) <= ${sql.raw(String(SHORT_SEARCH_MAX))}
         and (lower(${l}.make) like (${esc(sql`lower(${f('q')})`)} || '%')
              or lower(${l}.model) like (${esc(sql`lower(${f('q')})`)} || '%')))
     or (char_length(${f('q')}) > ${sql.raw(String(SHORT_SEARCH_MAX))}
         and ${l}.search_text like lower('%' || ${esc(f('q'))} || '%')))
    and (${f('brand')} is null or lower(${f('brand')}) = 'all' or lower(${l}.make) = lower(${f('brand')}))
    and (${f('yearMin')} is null or ${l}.year >= ${f('yearMin')}::int)
    and (${f('yearMax')} is null or ${l}.year <= ${f('yearMax')}::int)
    and (${f('hoursMax')} is null or ${l}.hours <= ${f('hoursMax')}::int)
    and (${f('priceMin')} is null or ${l}.price_cents >= ${f('priceMin')}::bigint)
    and (${f('priceMax')} is null or ${l}.price_cents <= ${f('priceMax')}::bigint)
    and (jsonb_typeof(${s}.filters->'condition') is distinct from 'array'
         or jsonb_array_length(${s}.filters->'condition') = 0
         or ${l}.grade_tenths >= (select min(${conditionFloorTenths(sql`c`)})
                                  from jsonb_array_elements_text(${s}.filters->'condition') c))
    and (${f('state')} is null or ${l}.location = ${f('state')})
    and (${f('gradeMin')} is null or ${l}.grade_tenths >= round(${f('gradeMin')}::numeric * 10))
  )`;
}

/**
 * One condition scale: a saved search's old condition words match as the lowest grade band they name
 * (docs/decisions/0042-hours-corrected-at-inspection.md), in tenths like `grade_tenths`.
 */
function conditionFloorTenths(word: SQL) {
  const whens = Object.entries(CONDITION_GRADE_FLOOR).map(
    ([c, g]) => sql`when ${word} = ${c} then ${sql.raw(String(Math.round(g * 10)))}`,
  );
  return sql`(case ${sql.join(whens, sql` `)} else 10 end)`;
}
