// A V8 heap snapshot (`.heapsnapshot`, JSON) summed up by constructor, as Chrome DevTools' Summary view
// does: count, shallow size and retained size per class. A snapshot is a flat graph: `nodes` and `edges`
// are arrays of integers whose fields `snapshot.meta` names; `strings` holds the names.

export type HeapSnapshot = {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
};

export type ClassSummary = { name: string; count: number; selfSize: number; retainedSize: number };

/**
 * Count, shallow and retained size per class. A class is an object's constructor name (native objects by
 * their name too), else the node's type in brackets: "(closure)", "(string)", "(array)", "(code)"...
 * Retained sizes come from the dominator tree over the strong edges (weak edges retain nothing; shortcut
 * edges only from the root, as in DevTools); a class's retained size counts each of its objects that no
 * other object of the same class dominates, so nested instances are not counted twice.
 */
export function summarizeHeapSnapshot(heap: HeapSnapshot): ClassSummary[] {
  const meta = heap.snapshot.meta;
  const nodeFieldCount = meta.node_fields.length;
  const edgeFieldCount = meta.edge_fields.length;
  const typeOffset = meta.node_fields.indexOf("type");
  const nameOffset = meta.node_fields.indexOf("name");
  const sizeOffset = meta.node_fields.indexOf("self_size");
  const edgeCountOffset = meta.node_fields.indexOf("edge_count");
  const edgeTypeOffset = meta.edge_fields.indexOf("type");
  const toNodeOffset = meta.edge_fields.indexOf("to_node");
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const weak = edgeTypes.indexOf("weak");
  const shortcut = edgeTypes.indexOf("shortcut");
  const nodeCount = heap.nodes.length / nodeFieldCount;

  // Class of each node, as an index into `classNames`.
  const classNames: string[] = [];
  const classIndex = new Map<string, number>();
  const classOf = new Int32Array(nodeCount);
  const selfSize = new Float64Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    const base = n * nodeFieldCount;
    const type = nodeTypes[heap.nodes[base + typeOffset]!]!;
    const name = type === "object" || type === "native" ? heap.strings[heap.nodes[base + nameOffset]!]! : `(${type})`;
    let c = classIndex.get(name);
    if (c === undefined) {
      c = classNames.length;
      classNames.push(name);
      classIndex.set(name, c);
    }
    classOf[n] = c;
    selfSize[n] = heap.nodes[base + sizeOffset]!;
  }

  // Strong successors of each node (CSR), the root being node 0.
  const firstEdge = new Int32Array(nodeCount + 1);
  for (let n = 0, e = 0; n < nodeCount; n++) {
    firstEdge[n] = e;
    e += heap.nodes[n * nodeFieldCount + edgeCountOffset]! * edgeFieldCount;
    firstEdge[n + 1] = e;
  }
  const isStrong = (from: number, edgeIndex: number) => {
    const type = heap.edges[edgeIndex + edgeTypeOffset];
    return type !== weak && (type !== shortcut || from === 0);
  };
  const targetOf = (edgeIndex: number) => heap.edges[edgeIndex + toNodeOffset]! / nodeFieldCount;

  // Reverse post-order from the root (iterative depth-first search).
  const order = new Int32Array(nodeCount).fill(-1); // post-order number
  const byOrder: number[] = [];
  const visited = new Uint8Array(nodeCount);
  const stack: number[] = [0];
  const nextEdge = new Int32Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) nextEdge[n] = firstEdge[n]!;
  visited[0] = 1;
  while (stack.length > 0) {
    const n = stack.at(-1)!;
    let pushed = false;
    while (nextEdge[n]! < firstEdge[n + 1]!) {
      const e = nextEdge[n]!;
      nextEdge[n] = e + edgeFieldCount;
      if (!isStrong(n, e)) continue;
      const to = targetOf(e);
      if (!visited[to]) {
        visited[to] = 1;
        stack.push(to);
        pushed = true;
        break;
      }
    }
    if (!pushed) {
      stack.pop();
      order[n] = byOrder.length;
      byOrder.push(n);
    }
  }

  // Predecessors over strong edges among reachable nodes.
  const predecessorCount = new Int32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) {
    if (!visited[n]) continue;
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeFieldCount) if (isStrong(n, e)) predecessorCount[targetOf(e) + 1]! += 1;
  }
  for (let n = 0; n < nodeCount; n++) predecessorCount[n + 1]! += predecessorCount[n]!;
  const predecessors = new Int32Array(predecessorCount[nodeCount]!);
  const fill = predecessorCount.slice(0, nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    if (!visited[n]) continue;
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeFieldCount) {
      if (!isStrong(n, e)) continue;
      const to = targetOf(e);
      predecessors[fill[to]!] = n;
      fill[to]! += 1;
    }
  }

  // Immediate dominators (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm"), on post-order numbers.
  const root = order[0]!;
  const idom = new Int32Array(byOrder.length).fill(-1);
  idom[root] = root;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (a < b) a = idom[a]!;
      while (b < a) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = byOrder.length - 1; i >= 0; i--) {
      if (i === root) continue;
      const n = byOrder[i]!;
      let dominator = -1;
      for (let p = predecessorCount[n]!; p < predecessorCount[n + 1]!; p++) {
        const pred = order[predecessors[p]!]!;
        if (idom[pred] === -1) continue;
        dominator = dominator === -1 ? pred : intersect(pred, dominator);
      }
      if (dominator !== -1 && idom[i] !== dominator) {
        idom[i] = dominator;
        changed = true;
      }
    }
  }

  // Retained size: a node's own plus its dominated nodes', summed children first (post-order).
  const retained = new Float64Array(byOrder.length);
  for (let i = 0; i < byOrder.length; i++) retained[i] = selfSize[byOrder[i]!]!;
  for (let i = 0; i < byOrder.length; i++) if (i !== root) retained[idom[i]!]! += retained[i]!;

  // A class's retained size: its objects with no object of the same class above them in the dominator tree.
  const children = new Int32Array(byOrder.length + 1);
  for (let i = 0; i < byOrder.length; i++) if (i !== root) children[idom[i]! + 1]! += 1;
  for (let i = 0; i < byOrder.length; i++) children[i + 1]! += children[i]!;
  const childList = new Int32Array(children[byOrder.length]!);
  const childFill = children.slice(0, byOrder.length);
  for (let i = 0; i < byOrder.length; i++) if (i !== root) childList[childFill[idom[i]!]!++] = i;

  const summaries = classNames.map((name) => ({ name, count: 0, selfSize: 0, retainedSize: 0 }));
  const openOnPath = new Int32Array(classNames.length);
  const walk: { node: number; next: number }[] = [{ node: root, next: children[root]! }];
  const enter = (i: number) => {
    const c = classOf[byOrder[i]!]!;
    if (openOnPath[c] === 0) summaries[c]!.retainedSize += retained[i]!;
    openOnPath[c]! += 1;
  };
  enter(root);
  while (walk.length > 0) {
    const top = walk.at(-1)!;
    if (top.next < children[top.node + 1]!) {
      const child = childList[top.next++]!;
      enter(child);
      walk.push({ node: child, next: children[child]! });
    } else {
      openOnPath[classOf[byOrder[top.node]!]!]! -= 1;
      walk.pop();
    }
  }
  for (let n = 0; n < nodeCount; n++) {
    const summary = summaries[classOf[n]!]!;
    summary.count += 1;
    summary.selfSize += selfSize[n]!;
  }
  return summaries.filter((s) => s.count > 0);
}

export type ClassGrowth = {
  name: string;
  count: number;
  countDelta: number;
  selfSize: number;
  selfSizeDelta: number;
  retainedSize: number;
  retainedSizeDelta: number;
};

/** Every class's change from `earlier` to `later`, the largest retained growth first. */
export function compareHeapSummaries(earlier: ClassSummary[], later: ClassSummary[]): ClassGrowth[] {
  const before = new Map(earlier.map((s) => [s.name, s]));
  const names = new Set([...earlier.map((s) => s.name), ...later.map((s) => s.name)]);
  const after = new Map(later.map((s) => [s.name, s]));
  return [...names]
    .map((name) => {
      const a = before.get(name) ?? { count: 0, selfSize: 0, retainedSize: 0 };
      const b = after.get(name) ?? { count: 0, selfSize: 0, retainedSize: 0 };
      return {
        name,
        count: b.count,
        countDelta: b.count - a.count,
        selfSize: b.selfSize,
        selfSizeDelta: b.selfSize - a.selfSize,
        retainedSize: b.retainedSize,
        retainedSizeDelta: b.retainedSize - a.retainedSize,
      };
    })
    .sort((x, y) => y.retainedSizeDelta - x.retainedSizeDelta || y.countDelta - x.countDelta);
}
