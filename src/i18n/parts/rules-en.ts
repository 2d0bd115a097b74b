import { RULE_MESSAGES, type RuleCode } from '../../engine/index.ts';
import { PARSE_MESSAGES, type ParseCode } from '../../notation/parse.ts';

type RuleCatalogue = { readonly [K in RuleCode as `rule.${K}`]: (typeof RULE_MESSAGES)[K] };

/** The engine's refusals: its own English texts are the source (the bot fills ids in as names). */
export const rulesEn = {
  ...(Object.fromEntries(Object.entries(RULE_MESSAGES).map(([code, text]) => [`rule.${code}`, text])) as RuleCatalogue),
  'rule.resource.C': 'coins',
  'rule.resource.W': 'workers',
  'rule.resource.P': 'priests',
  'rule.resource.P2': 'power in bowl II',
  'rule.resource.SPADE': 'spades',
  'rule.resource.KEY': 'keys',
  'rule.resource.FREE_TF': 'free terraforms',
  'rule.resource.VOLCANO_TF': "volcano transforms (a 'dig' gives one)",
  'rule.resource.BRIDGE': 'bridges',
} as const;

/** The notation parser's refusals, from its own English texts. */
type ParseCatalogue = { readonly [K in ParseCode as `parse.${K}`]: (typeof PARSE_MESSAGES)[K] };
export const parseEn = Object.fromEntries(
  Object.entries(PARSE_MESSAGES).map(([code, text]) => [`parse.${code}`, text]),
) as ParseCatalogue;
