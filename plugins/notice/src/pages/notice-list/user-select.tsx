import { useRef, useState } from 'react';
import { Select } from '@arco-design/web-react';
import type { ListOption } from '@cotton/sdk';
import { queryNoticeTargets } from '../../api';

export interface UserSelectProps {
  /** The users offered before any search. */
  first: ListOption[];
  /** The users the notice already holds (offered whatever the search). */
  chosen: ListOption[];
  placeholder: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}

/** Options without repeats, the chosen ones kept when a search narrows the rest. */
function merge(...lists: ListOption[][]): ListOption[] {
  const seen = new Map<string, ListOption>();
  for (const list of lists) for (const option of list) seen.set(option.value, option);
  return [...seen.values()];
}

/** 接收用户: chosen users, searched on the server by name or login name as one types. */
export function UserSelect({ first, chosen, placeholder, value, onChange }: UserSelectProps) {
  const [found, setFound] = useState<ListOption[] | null>(null);
  // The users picked since: kept when a search narrows the rest.
  const picked = useRef<ListOption[]>([]);
  const options = merge(chosen, picked.current, found ?? first);

  async function search(keyword: string) {
    try {
      const targets = await queryNoticeTargets(keyword.trim() || undefined);
      setFound(targets.users.map((user) => ({ label: user.name, value: user.id })));
    } catch {
      // The options stay as they were; the search can be typed again.
    }
  }

  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onSearch={(keyword) => void search(keyword)}
      onChange={(ids: string[]) => {
        picked.current = options.filter((option) => ids.includes(option.value));
        onChange?.(ids);
      }}
      placeholder={placeholder}
      options={options}
      data-testid="notice-form-users"
    />
  );
}
