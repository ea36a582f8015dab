"""A small plotting script for chartex's quick start:

    python -m chartex convert examples/quickstart.py --indent 2

prints this figure as a line chart: its title, both labelled series, the
axis labels with their units (" (°C)", "[h]"), ticks and scales.
"""
import matplotlib.pyplot as plt

hours = [0, 3, 6, 9, 12, 15, 18, 21]
berlin = [4.1, 3.2, 3.0, 6.5, 10.2, 11.0, 8.4, 5.9]
lisbon = [11.8, 11.0, 10.6, 14.2, 18.9, 19.5, 16.1, 13.0]

fig, ax = plt.subplots()
ax.plot(hours, berlin, marker="o", label="Berlin")
ax.plot(hours, lisbon, marker="s", label="Lisbon")
ax.set_title("Air temperature, 21 March")
ax.set_xlabel("Time of day [h]")
ax.set_ylabel("Temperature (°C)")
ax.legend()
plt.show()
