import type { GameType } from '@core/games';
import type { Board } from './board';

/** A board that starts afresh with each item (an empty title, no option picked): keyed by the item. */
export function perItem<G extends GameType>(Inner: Board<G>): Board<G> {
  const Fresh: Board<G> = (props) => <Inner key={props.current.id} {...props} />;
  Fresh.displayName = `PerItem(${Inner.displayName ?? Inner.name})`;
  return Fresh;
}
