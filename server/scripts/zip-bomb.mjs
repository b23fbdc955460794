import { constants, deflateRawSync } from 'node:zlib';

/**
 * A zip of one deflated entry `name` of `megabytes` MB of zeros whose directory declares
 * `declaredBytes`: one MB deflated with a sync flush (no final block) repeated, then an empty
 * final block — a few KB on disk per hundred MB inside. The xlsx import's test and its
 * benchmark (`npm run bench:xlsx-bomb`) send it.
 * @param {{ name: string, megabytes: number, declaredBytes: number }} bomb
 * @returns {Buffer<ArrayBuffer>}
 */
export function zipBomb({ name, megabytes, declaredBytes }) {
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array(megabytes).fill(megabyte), Buffer.from([0x03, 0x00])]);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredBytes, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredBytes, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
