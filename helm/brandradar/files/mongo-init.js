// The in-cluster MongoDB's replica set and service users (templates/mongodb.yaml, the init Job).
// Runs in mongosh as the root user the image's entrypoint created. Idempotent: initiates the
// replica set only once, creates each service's user or sets its password and roles again.
//   MONGO_REPLICA_SET    the replica set's name
//   MONGO_MEMBERS        JSON list of host:port, the first one preferred as primary
//   MONGO_SERVICE_USERS  JSON list of {user, db, key}: `user` gets readWrite on `db` only,
//                        with the password in MONGO_PASSWORD_<key>
//   MONGO_ROOT_PASSWORD  the root user's password
const env = process.env;
const members = JSON.parse(env.MONGO_MEMBERS);
const users = JSON.parse(env.MONGO_SERVICE_USERS);
const ATTEMPTS = 150;

function retry(what, fn) {
  for (let attempt = 1; ; attempt++) {
    try {
      return fn();
    } catch (e) {
      if (attempt >= ATTEMPTS) throw e;
      print(`${what}: ${e.message}; trying again in 2 s`);
      sleep(2000);
    }
  }
}

// Straight to the first member: before rs.initiate there is no replica set to discover.
const url = `mongodb://root:${encodeURIComponent(env.MONGO_ROOT_PASSWORD)}@${members[0]}/admin?directConnection=true&authSource=admin`;
const admin = retry('connect', () => {
  const conn = connect(url);
  conn.runCommand({ ping: 1 });
  return conn;
});

const initiated = retry('replica set status', () => {
  try {
    admin.adminCommand({ replSetGetStatus: 1 });
    return true;
  } catch (e) {
    if (e.codeName === 'NotYetInitialized') return false;
    throw e;
  }
});
if (!initiated) {
  const config = { _id: env.MONGO_REPLICA_SET, members: members.map((host, i) => ({ _id: i, host, priority: i === 0 ? 2 : 1 })) };
  admin.adminCommand({ replSetInitiate: config });
  print(`initiated replica set ${config._id} with ${members.length} member(s)`);
}
retry('primary', () => {
  if (!admin.hello().isWritablePrimary) throw new Error(`${members[0]} is not primary yet`);
});

for (const u of users) {
  const pwd = env[`MONGO_PASSWORD_${u.key}`];
  if (!pwd) throw new Error(`no MONGO_PASSWORD_${u.key}`);
  const roles = [{ role: 'readWrite', db: u.db }];
  if (admin.getUser(u.user)) {
    admin.updateUser(u.user, { pwd, roles });
    print(`updated user ${u.user} (readWrite on ${u.db})`);
  } else {
    admin.createUser({ user: u.user, pwd, roles });
    print(`created user ${u.user} (readWrite on ${u.db})`);
  }
}
