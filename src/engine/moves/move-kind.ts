/** What a legal move does, for grouping and choosing among moves (the kind of its main command). */
export type MoveKind =
  | 'leech'
  | 'decline'
  | 'build'
  | 'upgrade'
  | 'transform'
  | 'send'
  | 'advance'
  /** A power action (ACT1-ACT6), alone or with what it pays for. */
  | 'action'
  /** A special action: a bonus card's, a favor tile's or a stronghold's (once per round). */
  | 'special'
  | 'bridge'
  /** Fire & Ice: the land colour a faction picks at setup (or changes to in play). */
  | 'pick-color'
  | 'connect'
  /** A special landscape (docs/rulings.md §1), with the transformation it replaces the tile of. */
  | 'landscape'
  | 'convert'
  | 'burn'
  | 'favor'
  | 'town'
  /** The Raven's Folly: a town's VP or its cult steps ("+5VP", "+3FIRE"). */
  | 'town-reward'
  | 'cult'
  /** Paying a volcano's cult steps, all on one track: "-3FIRE". */
  | 'lose-cult'
  /** Riverwalkers: a terrain unlocked, or the priest taken, for a priest gained. */
  | 'unlock'
  /** Shapeshifters: a power token bought for 1 VP after a neighbour took power. */
  | 'token'
  /** Giving up an entitlement the faction cannot or will not use: "-SPADE", "-FREE_D", ... */
  | 'discard'
  | 'pass'
  /**
   * After the action: "decline" with no offer open hands the turn on; "done" gives up what else the
   * action allowed (a dwelling after a transform).
   */
  | 'done'
  | 'pick-faction';
