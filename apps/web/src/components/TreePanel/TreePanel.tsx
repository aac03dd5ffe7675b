import { useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Tooltip } from 'antd';
import { ApartmentOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { readStored, writeStored } from '../storage';
import { useNarrowScreen } from '../useNarrowScreen';
import './treePanel.css';

export interface TreePanelProps {
  /** Names the panel's saved fold state ('dandelion__tree-panel:<storageKey>'). */
  storageKey: string;
  /** The panel's title: 组织机构, 栏目, 字典分类… */
  title: string;
  /** The small-screen button that opens the tree: 选择机构, 选择栏目… */
  pickLabel: string;
  /** What is chosen, shown on the small-screen button and the folded strip; nothing for "all". */
  picked?: string;
  /**
   * The chosen node's key: when it changes the drawer closes, so that choosing a node on a phone
   * goes straight back to the list it filters.
   */
  pickedKey?: string | null;
  /** The tree (with whatever search or buttons sit above it). */
  tree: ReactNode;
  /** Buttons beside the title (新增分类…). */
  extra?: ReactNode;
  /** Width of the open panel. */
  width?: number;
  /** The list the tree filters. */
  children: ReactNode;
}

/** The saved fold state of a panel. */
export const treePanelKey = (storageKey: string) => `tree-panel:${storageKey}`;

const isFoldState = (value: unknown): value is { folded: boolean } =>
  typeof value === 'object' && value !== null && typeof (value as { folded?: unknown }).folded === 'boolean';

/**
 * A list with a tree beside it (users by organisation, articles by catalogue, values by dictionary
 * category). On a wide screen the tree is a panel on the left that folds to a thin strip, remembered
 * per list, so the table can take the whole width; on a phone the tree moves into a drawer opened by
 * a button above the list, which keeps the full width.
 */
export function TreePanel({ storageKey, title, pickLabel, picked, pickedKey, tree, extra, width = 240, children }: TreePanelProps) {
  const narrow = useNarrowScreen();
  const [folded, setFolded] = useState(() => readStored(treePanelKey(storageKey), isFoldState)?.folded ?? false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Choosing a node closes the drawer: adjusted while rendering, when the chosen key changes.
  const [seenKey, setSeenKey] = useState(pickedKey);
  if (seenKey !== pickedKey) {
    setSeenKey(pickedKey);
    if (drawerOpen) setDrawerOpen(false);
  }

  const fold = (next: boolean) => {
    setFolded(next);
    writeStored(treePanelKey(storageKey), { folded: next });
  };

  if (narrow) {
    return (
      <div className="dl-tree-panel dl-tree-panel--narrow">
        <Button className="dl-tree-panel__pick" icon={<ApartmentOutlined />} onClick={() => setDrawerOpen(true)} aria-haspopup="dialog">
          {pickLabel}
          {picked && <span className="dl-tree-panel__picked">：{picked}</span>}
        </Button>
        <Drawer title={title} placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size="85vw" extra={extra}>
          {tree}
        </Drawer>
        <div className="dl-tree-panel__main">{children}</div>
      </div>
    );
  }

  return (
    <div className="dl-tree-panel">
      {folded ? (
        <div className="dl-tree-panel__strip">
          <Tooltip title={`展开${title}`} placement="right">
            <Button type="text" icon={<MenuUnfoldOutlined />} aria-label={`展开${title}`} aria-expanded={false} onClick={() => fold(false)} />
          </Tooltip>
          {picked && (
            <span className="dl-tree-panel__strip-text" title={picked}>
              {picked}
            </span>
          )}
        </div>
      ) : (
        <Card
          className="dl-tree-panel__side"
          style={{ flexBasis: width }}
          size="small"
          title={title}
          extra={
            <span className="dl-tree-panel__extra">
              {extra}
              <Tooltip title={`收起${title}`}>
                <Button type="text" size="small" icon={<MenuFoldOutlined />} aria-label={`收起${title}`} aria-expanded onClick={() => fold(true)} />
              </Tooltip>
            </span>
          }
        >
          {tree}
        </Card>
      )}
      <div className="dl-tree-panel__main">{children}</div>
    </div>
  );
}
