import { MongoClient } from 'mongodb';
import { withCredentials } from './mongo-url';

it('percent-encodes the user and password, so the driver reads back exactly what was given', () => {
  const password = "p@ss:w/rd?#%20x'é";
  const url = withCredentials('mongodb://127.0.0.1:27117/?authMechanism=PLAIN&authSource=%24external', 'svc:a@b', password);
  expect(url).toBe("mongodb://svc%3Aa%40b:p%40ss%3Aw%2Frd%3F%23%2520x'%C3%A9@127.0.0.1:27117/?authMechanism=PLAIN&authSource=%24external");
  const { credentials, hosts } = new MongoClient(url).options;
  expect([credentials?.username, credentials?.password, credentials?.mechanism, credentials?.source]).toEqual(['svc:a@b', password, 'PLAIN', '$external']);
  expect(hosts.map(String)).toEqual(['127.0.0.1:27117']);
});

it('keeps mongodb+srv:// and refuses a URL that has credentials already or is not a MongoDB URL', () => {
  expect(withCredentials('mongodb+srv://db.example.com/x', 'u', 'p')).toBe('mongodb+srv://u:p@db.example.com/x');
  expect(() => withCredentials('mongodb://a:b@h/', 'u', 'p')).toThrow('credentials already');
  expect(() => withCredentials('postgres://h/', 'u', 'p')).toThrow('not a mongodb');
});
