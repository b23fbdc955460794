import { useEffect, useMemo, useState } from 'react';
import { Tree, Typography } from '@arco-design/web-react';
import { observer } from 'mobx-react-lite';
import { toApiError } from '@cotton/sdk';
import type { AdminUserRow, BindableOrg } from '@cotton/sdk/contracts';
import type { ListStore } from '@cotton/sdk';
import { queryUserBindRoles } from '../../api';
import { buildOrgTree, parentIds, type OrgNode } from '../../components/org-tree';
import type { UserFilters } from './fields';
import type { UserListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

interface TreeData {
  key: string;
  title: string;
  children?: TreeData[];
}

function treeData(nodes: Array<OrgNode<BindableOrg>>): TreeData[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.name,
    children: node.children.length > 0 ? treeData(node.children) : undefined,
  }));
}

export interface OrgSideTreeProps {
  t: UserListLocale;
  store: ListStore<AdminUserRow, UserFilters>;
}

/**
 * 组织机构 beside 用户管理's list: choosing an organisation lists its users and those of the
 * organisations below it (the `orgId` filter: the server adds those below); choosing it again, or
 * 重置, lists everyone the data permissions allow. Hidden when the enterprise has none.
 */
export const OrgSideTree = observer(function OrgSideTree({ t, store }: OrgSideTreeProps) {
  const [orgs, setOrgs] = useState<BindableOrg[]>([]);
  const tree = useMemo(() => buildOrgTree(orgs), [orgs]);
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    queryUserBindRoles(undefined)
      .then((answer) => {
        if (!live) return;
        setOrgs(answer.orgs);
        setExpanded(parentIds(buildOrgTree(answer.orgs)));
      })
      // The list says what failed; the tree only stays empty.
      .catch((failure: unknown) => void toApiError(failure));
    return () => {
      live = false;
    };
  }, []);

  if (orgs.length === 0) return null;
  const chosen = store.filters.orgId;
  return (
    <aside className={styles.orgTree} data-testid="user-org-tree">
      <Typography.Text bold className={styles.orgTreeTitle}>
        {t['userList.orgTree.title']}
      </Typography.Text>
      <Tree
        blockNode
        size="small"
        treeData={treeData(tree)}
        selectedKeys={chosen ? [chosen] : []}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        onSelect={(keys) => {
          const id = keys[0];
          void store.search({ ...store.filters, orgId: id && id !== chosen ? id : undefined });
        }}
      />
    </aside>
  );
});
