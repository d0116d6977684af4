import type { MessageType } from '@cc/contracts';
import { BOOKMARK_FILTERS } from '../hooks/useBookmarkFilters';
import { ChatIcon } from './ChatIcon';

type Props = {
  text: string;
  onSearch: (text: string) => void;
  type: MessageType | '';
  onType: (type: MessageType | '') => void;
};

/** Search by text, and one type (or all) at a time. */
export function BookmarkFilters({ text, onSearch, type, onType }: Props) {
  return (
    <div className="bookmarks__filters">
      <div className="bookmarks__search" role="search">
        <ChatIcon name="search" size={18} className="bookmarks__search-icon" />
        <input
          type="search"
          className="ui-input bookmarks__search-input"
          aria-label="Search bookmarks"
          placeholder="Search by text"
          value={text}
          maxLength={100}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="bookmarks__types" role="group" aria-label="Type">
        {BOOKMARK_FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            className="bookmarks__type"
            aria-pressed={type === filter.value}
            onClick={() => onType(filter.value)}
          >
            {filter.label}
          </button>
        ))}
      </div>
    </div>
  );
}
