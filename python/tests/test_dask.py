"""The module mapped over JSONL partitions on a dask.distributed cluster of
two worker processes: the output, in order, is what `groundgate check`
prints for the whole file."""
import json

import pytest

import groundgate
from conftest import EXAMPLE_TRACES, run_check

distributed = pytest.importorskip("distributed")

LINES_PER_PARTITION = 3

# Debian's tornado warns about its own event-loop setup under distributed.
pytestmark = pytest.mark.filterwarnings(
    "ignore:make_current is deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    # Worker processes import groundgate through PYTHONPATH, which they
    # inherit from this process (ctest sets it).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster:
        with distributed.Client(cluster) as dask_client:
            yield dask_client


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """Every example trace in one file, some records with an empty id."""
    lines = []
    for path in EXAMPLE_TRACES:
        lines += [line for line in path.read_text().split("\n") if line]
    for i in range(0, len(lines), 4):
        record = json.loads(lines[i])
        record["id"] = ""
        lines[i] = json.dumps(record)
    path = tmp_path_factory.mktemp("dask") / "archive.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


def test_partitions_on_a_cluster_equal_the_command(cli, client, archive):
    path, lines = archive
    expected, _ = run_check(cli, str(path))
    assert len(expected) > 10
    gate = groundgate.Gate()  # pickled to the workers by its options

    def judge_partition(part):
        first_line, part_lines = part
        return groundgate.check_lines(part_lines, gate, source=str(path),
                                      first_line=first_line, as_text=True)

    parts = [(start + 1, lines[start:start + LINES_PER_PARTITION])
             for start in range(0, len(lines), LINES_PER_PARTITION)]
    futures = client.map(judge_partition, parts)
    results = client.gather(futures)
    got = [line for part in results for line in part]
    assert got == expected
    # Both workers took part.
    who = client.who_has(futures)
    assert len({w for workers in who.values() for w in workers}) == 2


def test_a_dask_bag_gives_the_same_dicts(cli, client, archive):
    import dask.bag

    path, lines = archive
    expected, _ = run_check(cli, str(path))
    bag = dask.bag.from_sequence(list(enumerate(lines, start=1)),
                                 npartitions=4)
    # With ids in every record the line numbers do not matter; here the
    # partition's first line keeps the FILE:LINE ids exact.
    got = bag.map_partitions(lambda part: groundgate.check_lines(
        [line for _, line in part], source=str(path),
        first_line=part[0][0]) if part else []).compute()
    assert list(got) == [json.loads(line) for line in expected]
