import { useId, useMemo } from 'react';
import { Empty, theme } from 'antd';
import { STAGE_KIND_LABELS, type ProcessDefinition } from '@dandelion/shared/base/progress';
import { layoutDiagram, NODE_HEIGHT, NODE_WIDTH, type DiagramNode } from './diagramLayout';

export interface ProcessDiagramProps {
  definition: ProcessDefinition;
  /** The stage an instance is at: filled with the primary colour. */
  currentStage?: string | null;
  /** Stages an instance has been through: tinted. */
  visitedStages?: readonly string[];
  /** Steps an instance took, as from→to pairs: their edges are drawn in the primary colour. */
  takenSteps?: ReadonlyArray<readonly [string, string]>;
  /** The instance has ended (completed or terminated): the current stage is shown as settled, not waiting. */
  ended?: boolean;
  /** Text for screen readers, e.g. 「申报审核」流程图. */
  title?: string;
}

const GREY = '#8c8c8c';
const LABEL_FONT = 12;
/** Rough width of a label: CJK characters are square, Latin ones about half as wide. */
const labelWidth = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? LABEL_FONT : LABEL_FONT * 0.6), 0) + 10;
const clip = (text: string, max: number) => ([...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text);

function subtitle(node: DiagramNode): string {
  if (node.limitDays) return `时限 ${node.limitDays} 个工作日`;
  return node.kind === 'normal' ? '不限时' : STAGE_KIND_LABELS[node.kind];
}

/**
 * A process definition drawn as SVG (layout in diagramLayout.ts): stages as boxes (the start
 * rounded, ends double-framed), transitions as labelled arrows, 退回 dashed below. Given an
 * instance's stage and steps, the current stage is highlighted and the path taken is coloured.
 */
export function ProcessDiagram({ definition, currentStage, visitedStages = [], takenSteps = [], ended = false, title = '流程图' }: ProcessDiagramProps) {
  const { token } = theme.useToken();
  const layout = useMemo(() => layoutDiagram(definition), [definition]);
  const markerId = useId().replace(/:/g, '');
  if (!layout.nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="添加阶段后这里显示流程图" />;

  const visited = new Set(visitedStages);
  const taken = new Set(takenSteps.map(([from, to]) => `${from}->${to}`));
  const current = ended ? token.colorSuccess : token.colorPrimary;

  return (
    <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <svg
        role="img"
        aria-label={title}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        style={{ display: 'block', fontFamily: token.fontFamily }}
      >
        <defs>
          {[['plain', GREY], ['taken', token.colorPrimary]].map(([kind, color]) => (
            <marker key={kind} id={`${markerId}-${kind}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill={color} />
            </marker>
          ))}
        </defs>
        {layout.edges.map((edge) => {
          const on = taken.has(edge.key);
          return (
            <g key={edge.key} data-edge={edge.key} data-taken={on || undefined}>
              <path
                d={edge.path}
                fill="none"
                stroke={on ? token.colorPrimary : GREY}
                strokeWidth={on ? 2 : 1.3}
                strokeDasharray={edge.route === 'back' ? '5 4' : undefined}
                strokeLinejoin="round"
                markerEnd={`url(#${markerId}-${on ? 'taken' : 'plain'})`}
              />
              {edge.label && (
                <g>
                  <rect x={edge.labelX - labelWidth(edge.label) / 2} y={edge.labelY - 9} width={labelWidth(edge.label)} height={18} rx={3} fill={token.colorBgContainer} />
                  <text x={edge.labelX} y={edge.labelY + 4} textAnchor="middle" fontSize={LABEL_FONT} fill={on ? token.colorPrimary : token.colorTextSecondary}>
                    {edge.label}
                  </text>
                </g>
              )}
            </g>
          );
        })}
        {layout.nodes.map((node) => {
          const isCurrent = node.code === currentStage;
          const fill = isCurrent ? current : visited.has(node.code) ? token.colorPrimaryBg : token.colorBgContainer;
          const stroke = isCurrent ? current : node.kind === 'start' ? token.colorSuccess : visited.has(node.code) ? token.colorPrimaryBorder : GREY;
          const text = isCurrent ? '#fff' : token.colorText;
          return (
            <g key={node.code} data-stage={node.code} data-current={isCurrent || undefined} aria-current={isCurrent ? 'step' : undefined}>
              <title>{`${node.name}（${node.code}）${isCurrent ? ' — 当前阶段' : ''}`}</title>
              <rect
                x={node.x}
                y={node.y}
                width={NODE_WIDTH}
                height={NODE_HEIGHT}
                rx={node.kind === 'start' ? NODE_HEIGHT / 2 : 8}
                fill={fill}
                stroke={stroke}
                strokeWidth={isCurrent ? 2 : 1.5}
              />
              {node.kind === 'end' && <rect x={node.x + 3} y={node.y + 3} width={NODE_WIDTH - 6} height={NODE_HEIGHT - 6} rx={6} fill="none" stroke={isCurrent ? '#fff' : stroke} strokeWidth={1} />}
              <text x={node.x + NODE_WIDTH / 2} y={node.y + 23} textAnchor="middle" fontSize={14} fontWeight={600} fill={text}>
                {clip(node.name || node.code, 8)}
              </text>
              <text x={node.x + NODE_WIDTH / 2} y={node.y + 41} textAnchor="middle" fontSize={11} fill={isCurrent ? 'rgba(255,255,255,0.85)' : token.colorTextTertiary}>
                {subtitle(node)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
