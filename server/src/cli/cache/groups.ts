/**
 * Which linted files may change each other's findings. A file's findings depend on the modules it
 * reads (its imports, resolved) and on the tools other linted files register on the servers it
 * uses, and those files read the module that makes the server too; a composed server's tools come
 * from the files that read the sub-server's module. So files are grouped by what they read,
 * transitively (a file and what it reads are in one group), and a cached result holds while its
 * group's linted files, and their contents, are those it was linted with.
 */
import { sha1 } from './observations';

export class ReadGroups {
  private readonly parent = new Map<string, string>();

  /** `file` read `reads` (other files' paths). */
  add(file: string, reads: Iterable<string>): void {
    this.find(file);
    for (const read of reads) this.union(file, read);
  }

  /**
   * Per linted file, a digest of its group's linted files and their content hashes (`hashes`
   * holds every linted file): equal digests mean the same files, with the same contents.
   */
  digests(hashes: ReadonlyMap<string, string>): Map<string, string> {
    const members = new Map<string, string[]>();
    for (const file of hashes.keys()) {
      const root = this.find(file);
      const list = members.get(root);
      if (list) list.push(file);
      else members.set(root, [file]);
    }
    const digestOf = new Map<string, string>();
    for (const [root, files] of members) digestOf.set(root, sha1(files.sort().map((file) => `${file}\0${hashes.get(file)}`).join('\n')));
    return new Map([...hashes.keys()].map((file) => [file, digestOf.get(this.find(file))!]));
  }

  private find(file: string): string {
    let root = this.parent.get(file);
    if (root === undefined) {
      this.parent.set(file, file);
      return file;
    }
    while (root !== this.parent.get(root)) root = this.parent.get(root)!;
    // Path compression: every node on the way points at the root.
    for (let node = file; node !== root;) {
      const next = this.parent.get(node)!;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }

  private union(a: string, b: string): void {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA !== rootB) this.parent.set(rootA, rootB);
  }
}
