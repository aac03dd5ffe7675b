import type { ReactNode } from 'react';
import { Button, Dropdown, Select, Tooltip, type MenuProps } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  DisconnectOutlined,
  FileImageOutlined,
  FontColorsOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LinkOutlined,
  LineOutlined,
  MenuOutlined,
  MessageOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { ITEM_LABELS, type ToolbarItem } from './catalogue';
import { ColourPalette } from './ColourPalette';
import { FROM_TOOLBAR } from './changeGate';

type Align = 'left' | 'center' | 'right' | 'justify';

/** What the toolbar shows as active or possible, re-read only when it changes. */
function readState(editor: Editor) {
  const textStyle = editor.getAttributes('textStyle') as { color?: string; backgroundColor?: string; fontSize?: string };
  const heading = ([1, 2, 3, 4, 5, 6] as const).find((level) => editor.isActive('heading', { level })) ?? 0;
  const align = (['center', 'right', 'justify'] as const).find((value) => editor.isActive({ textAlign: value })) ?? 'left';
  const can = editor.can();
  return {
    canUndo: can.undo?.() ?? false,
    canRedo: can.redo?.() ?? false,
    heading,
    fontSize: textStyle.fontSize ?? '',
    color: textStyle.color ?? '',
    backgroundColor: textStyle.backgroundColor ?? '',
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    align: align as Align,
    orderedList: editor.isActive('orderedList'),
    bulletList: editor.isActive('bulletList'),
    blockquote: editor.isActive('blockquote'),
    codeBlock: editor.isActive('codeBlock'),
    link: editor.isActive('link'),
    inTable: editor.isActive('table'),
    canMerge: can.mergeCells?.() ?? false,
    canSplit: can.splitCell?.() ?? false,
  };
}

export interface ToolbarProps {
  editor: Editor;
  items: readonly ToolbarItem[];
  headingLevels: readonly number[];
  fontSizes: readonly string[];
  disabled: boolean;
  fullscreen: boolean;
  onLink(): void;
  onImage(): void;
  onLibrary(): void;
  onFullscreen(): void;
}

const ICONS: Partial<Record<ToolbarItem, ReactNode>> = {
  undo: <UndoOutlined />,
  redo: <RedoOutlined />,
  bold: <BoldOutlined />,
  italic: <ItalicOutlined />,
  underline: <UnderlineOutlined />,
  strikethrough: <StrikethroughOutlined />,
  justifyleft: <AlignLeftOutlined />,
  justifycenter: <AlignCenterOutlined />,
  justifyright: <AlignRightOutlined />,
  justifyfull: <MenuOutlined />,
  insertorderedlist: <OrderedListOutlined />,
  insertunorderedlist: <UnorderedListOutlined />,
  blockquote: <MessageOutlined />,
  code: <CodeOutlined />,
  link: <LinkOutlined />,
  unlink: <DisconnectOutlined />,
  image: <PictureOutlined />,
  filemanager: <FileImageOutlined />,
  hr: <LineOutlined />,
  removeformat: <ClearOutlined />,
};

/** Keeps the writing area focused (and its selection) when a toolbar button is pressed. */
const keepFocus = (event: React.MouseEvent) => event.preventDefault();

export function Toolbar({ editor, items, headingLevels, fontSizes, disabled, fullscreen, onLink, onImage, onLibrary, onFullscreen }: ToolbarProps) {
  const state = useEditorState({ editor, selector: ({ editor: current }) => readState(current) });
  const chain = () => editor.chain().setMeta(FROM_TOOLBAR, true).focus();

  const button = (item: Exclude<ToolbarItem, '|'>, run: () => void, options: { active?: boolean; enabled?: boolean; icon?: ReactNode } = {}) => (
    <Tooltip key={item} title={ITEM_LABELS[item]} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        className={options.active ? 'dl-rte-button is-active' : 'dl-rte-button'}
        icon={options.icon ?? ICONS[item]}
        aria-label={ITEM_LABELS[item]}
        aria-pressed={options.active === undefined ? undefined : options.active}
        disabled={disabled || options.enabled === false}
        onMouseDown={keepFocus}
        onClick={run}
      />
    </Tooltip>
  );

  const colour = (item: 'forecolor' | 'hilitecolor', value: string, set: (hex: string) => void, unset: () => void, icon: ReactNode) => (
    <ColourPalette
      key={item}
      label={ITEM_LABELS[item]}
      icon={icon}
      value={value}
      emptyBar={item === 'forecolor' ? '#000000' : 'transparent'}
      disabled={disabled}
      onPick={set}
      onClear={unset}
    />
  );

  const tableMenu: MenuProps['items'] = [
    { key: 'insert', label: '插入表格（3 行 × 3 列）', disabled: state.inTable },
    { type: 'divider' },
    { key: 'rowBefore', label: '在上方插入行', disabled: !state.inTable },
    { key: 'rowAfter', label: '在下方插入行', disabled: !state.inTable },
    { key: 'colBefore', label: '在左侧插入列', disabled: !state.inTable },
    { key: 'colAfter', label: '在右侧插入列', disabled: !state.inTable },
    { key: 'deleteRow', label: '删除当前行', disabled: !state.inTable },
    { key: 'deleteCol', label: '删除当前列', disabled: !state.inTable },
    { key: 'merge', label: '合并单元格', disabled: !state.canMerge },
    { key: 'split', label: '拆分单元格', disabled: !state.canSplit },
    { key: 'header', label: '切换标题行', disabled: !state.inTable },
    { type: 'divider' },
    { key: 'deleteTable', label: '删除表格', danger: true, disabled: !state.inTable },
  ];
  const onTable: MenuProps['onClick'] = ({ key }) => {
    const c = chain();
    const actions: Record<string, () => ReturnType<typeof chain>> = {
      insert: () => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
      rowBefore: () => c.addRowBefore(),
      rowAfter: () => c.addRowAfter(),
      colBefore: () => c.addColumnBefore(),
      colAfter: () => c.addColumnAfter(),
      deleteRow: () => c.deleteRow(),
      deleteCol: () => c.deleteColumn(),
      merge: () => c.mergeCells(),
      split: () => c.splitCell(),
      header: () => c.toggleHeaderRow(),
      deleteTable: () => c.deleteTable(),
    };
    actions[key]?.().run();
  };

  const render = (item: ToolbarItem, index: number): ReactNode => {
    switch (item) {
      case '|':
        return <span key={`sep-${index}`} className="dl-rte-separator" role="separator" />;
      case 'undo':
        return button(item, () => chain().undo().run(), { enabled: state.canUndo });
      case 'redo':
        return button(item, () => chain().redo().run(), { enabled: state.canRedo });
      case 'formatblock':
        return (
          <Select
            key={item}
            size="small"
            aria-label={ITEM_LABELS.formatblock}
            className="dl-rte-select"
            style={{ width: 88 }}
            popupMatchSelectWidth={false}
            disabled={disabled}
            value={state.heading}
            options={[{ value: 0, label: '正文' }, ...headingLevels.map((level) => ({ value: level, label: `标题 ${level}` }))]}
            onChange={(level: number) => {
              if (level) chain().setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 }).run();
              else chain().setParagraph().run();
            }}
          />
        );
      case 'fontsize':
        return (
          <Select
            key={item}
            size="small"
            aria-label={ITEM_LABELS.fontsize}
            className="dl-rte-select"
            style={{ width: 76 }}
            popupMatchSelectWidth={false}
            disabled={disabled}
            value={state.fontSize}
            options={[{ value: '', label: '字号' }, ...fontSizes.map((size) => ({ value: size, label: size }))]}
            onChange={(size: string) => (size ? chain().setFontSize(size).run() : chain().unsetFontSize().run())}
          />
        );
      case 'bold':
        return button(item, () => chain().toggleBold().run(), { active: state.bold });
      case 'italic':
        return button(item, () => chain().toggleItalic().run(), { active: state.italic });
      case 'underline':
        return button(item, () => chain().toggleUnderline().run(), { active: state.underline });
      case 'strikethrough':
        return button(item, () => chain().toggleStrike().run(), { active: state.strike });
      case 'forecolor':
        return colour(item, state.color, (hex) => chain().setColor(hex).run(), () => chain().unsetColor().run(), <FontColorsOutlined />);
      case 'hilitecolor':
        return colour(item, state.backgroundColor, (hex) => chain().setBackgroundColor(hex).run(), () => chain().unsetBackgroundColor().run(), <BgColorsOutlined />);
      case 'justifyleft':
        return button(item, () => chain().setTextAlign('left').run(), { active: state.align === 'left' });
      case 'justifycenter':
        return button(item, () => chain().setTextAlign('center').run(), { active: state.align === 'center' });
      case 'justifyright':
        return button(item, () => chain().setTextAlign('right').run(), { active: state.align === 'right' });
      case 'justifyfull':
        return button(item, () => chain().setTextAlign('justify').run(), { active: state.align === 'justify' });
      case 'insertorderedlist':
        return button(item, () => chain().toggleOrderedList().run(), { active: state.orderedList });
      case 'insertunorderedlist':
        return button(item, () => chain().toggleBulletList().run(), { active: state.bulletList });
      case 'blockquote':
        return button(item, () => chain().toggleBlockquote().run(), { active: state.blockquote });
      case 'code':
        return button(item, () => chain().toggleCodeBlock().run(), { active: state.codeBlock });
      case 'link':
        return button(item, onLink, { active: state.link });
      case 'unlink':
        return button(item, () => chain().extendMarkRange('link').unsetLink().run(), { enabled: state.link });
      case 'image':
        return button(item, onImage);
      case 'filemanager':
        return button(item, onLibrary);
      case 'table':
        return (
          <Dropdown key={item} menu={{ items: tableMenu, onClick: onTable }} trigger={['click']} disabled={disabled}>
            <Tooltip title={ITEM_LABELS.table} mouseEnterDelay={0.4}>
              <Button type="text" size="small" className={state.inTable ? 'dl-rte-button is-active' : 'dl-rte-button'} icon={<TableOutlined />} aria-label={ITEM_LABELS.table} disabled={disabled} />
            </Tooltip>
          </Dropdown>
        );
      case 'hr':
        return button(item, () => chain().setHorizontalRule().run());
      case 'removeformat':
        return button(item, () => chain().unsetAllMarks().unsetTextAlign().run());
      case 'fullscreen':
        return (
          <Tooltip key={item} title={fullscreen ? '退出全屏' : ITEM_LABELS.fullscreen} mouseEnterDelay={0.4}>
            <Button
              type="text"
              size="small"
              className={fullscreen ? 'dl-rte-button is-active' : 'dl-rte-button'}
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={fullscreen ? '退出全屏' : ITEM_LABELS.fullscreen}
              aria-pressed={fullscreen}
              onMouseDown={keepFocus}
              onClick={onFullscreen}
            />
          </Tooltip>
        );
    }
  };

  return (
    <div className="dl-rte-toolbar" role="toolbar" aria-label="编辑工具栏">
      {items.map(render)}
    </div>
  );
}
